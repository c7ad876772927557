/** A byte count as people read it: 930 B, 12.4 KB, 3.1 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The short type shown beside a file: its extension, else the MIME subtype. */
export function fileType(name: string, mime: string): string {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1];
  return (ext ?? mime.split('/').pop() ?? '').toUpperCase();
}
