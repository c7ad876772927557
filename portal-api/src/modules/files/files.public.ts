// What other modules use of the files module: the one way a route takes a request's files.
export { withIncomingFiles, type IncomingFiles } from './files.incoming.ts';
