// Hands bytes the page fetched to the browser as a download under this name.
export function saveBytes(bytes: ArrayBuffer, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes]));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
