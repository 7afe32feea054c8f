/**
 * Hands a file to the browser under `name`: an object URL on a hidden link (phones included). The
 * one way the app saves a file, for the visitor pages and the back office alike.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers (iOS Safari among them) read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
