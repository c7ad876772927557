// docs/product.md §25 "Saved replies": the server's sentences, shown by the settings page as they are.
export const SAVED_REPLY_TEXTS = {
  titleRequired: 'Please give the reply a title.',
  titleTooLong: 'The title can be at most 80 characters.',
  bodyRequired: 'Please write the reply.',
  bodyTooLong: 'The reply can be at most 4,000 characters.',
  duplicate: 'A saved reply with this title already exists.',
  notFound: 'Saved reply not found.',
  created: 'Saved reply created.',
  updated: 'Saved reply updated.',
  deleted: 'Saved reply deleted.',
  tooManyFiles: 'A saved reply can carry at most 5 files.',
} as const;
