import { linkViewer } from '../../lib/link-viewer.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Peer } from './hub.ts';

// A file sent in a chat is announced to the whole room in one receiveMessage frame, its link
// signed while answering the sender. Each reader gets the link signed for themselves instead
// (lib/link-viewer.ts): a link opens only while the user it names may still see the request, so
// a disabled admin or a removed colleague holding the sender's link would otherwise keep
// opening it until it expires.

type FileFrame = { type: 'receiveMessage'; message: { file: { name: string; url: string } } };

const isFileFrame = (frame: object): frame is FileFrame =>
  (frame as { type?: unknown }).type === 'receiveMessage' && typeof (frame as FileFrame).message?.file?.url === 'string';

/** For a frame carrying a file, each reader's copy with the link signed for them; null for any other frame. */
export function readersLinks(storage: Storage, frame: object): ((peer: Peer) => object | null) | null {
  if (!isFileFrame(frame)) return null;
  const file = frame.message.file;
  const url = new URL(file.url, 'http://local');
  const key = decodeURIComponent(url.pathname.slice('/uploads/'.length));
  const name = url.searchParams.get('name') ?? file.name;
  const signedFor = url.searchParams.get('u');
  return (peer) => {
    if (!peer.userId || peer.userId === signedFor) return null;
    const signed = linkViewer.run(peer.userId, () => storage.signedUrl(key, name));
    return { ...frame, message: { ...frame.message, file: { ...file, url: signed } } };
  };
}
