/** The short type shown beside a file: its extension, else the MIME subtype. */
export function fileType(name: string, mime: string): string {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1];
  return (ext ?? mime.split('/').pop() ?? '').toUpperCase();
}
