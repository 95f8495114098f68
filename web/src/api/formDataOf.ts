import { isUploadFile, type MultipartValue } from '@openyard/contracts';

// An upload's fields as the browser's FormData (it writes the boundary and streams the files).
export function formDataOf(fields: Readonly<Record<string, MultipartValue>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (isUploadFile(value)) {
      const { content } = value;
      // A chosen file is a File (a Blob); bytes made on the page are copied into one.
      const blob =
        content instanceof Blob
          ? content
          : content instanceof Uint8Array || content instanceof ArrayBuffer
            ? new Blob([new Uint8Array(content)], { type: value.type ?? 'application/octet-stream' })
            : null;
      if (!blob) throw new Error(`${name}: a file to upload is a Blob or bytes`);
      form.append(name, blob, value.name);
    } else form.append(name, String(value));
  }
  return form;
}
