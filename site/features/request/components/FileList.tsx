import type { Workspace } from '../api.ts';
import { formatBytes } from '../../../../portal-api/src/shared/byte-size.ts';
import { fileType } from '../file-type.ts';
import { SignedLink } from './SignedLink.tsx';

type File = Workspace['query']['files'][number];

/** Name (a download link), size and type of each file. */
export function FileList({ files, empty }: { files: File[]; empty: string }) {
  if (!files.length) return <p>{empty}</p>;
  return (
    <ul className="rqp-list">
      {files.map((f) => (
        <li key={f._id} className="rqp-file">
          <SignedLink href={f.url} download={f.name}>
            {f.name}
          </SignedLink>
          <span className="rqp-meta">
            {formatBytes(f.size)} · {fileType(f.name, f.type)}
          </span>
        </li>
      ))}
    </ul>
  );
}
