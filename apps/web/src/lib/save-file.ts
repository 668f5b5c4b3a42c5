/** Hands a file to the browser's downloads, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
