/** A blob as a `data:` URL: nothing to revoke, gone with whatever holds it (a picture fetched with the session's token). */
export const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(reader.result as string));
    reader.addEventListener('error', () => reject(reader.error ?? new Error('unreadable')));
    reader.readAsDataURL(blob);
  });
