/** Saves a downloaded file under `name` through a temporary link. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the link's memory can go once it has begun.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
