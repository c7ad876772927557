// The category texts and name length, said by the server and shown by the blog editor's
// category field. No imports: the editor shows them without loading zod.

export const CATEGORY_TEXTS = {
  nameRequired: 'Please enter a category name.',
  duplicate: 'This category already exists.',
  created: 'Category created successfully.',
} as const;

/** The longest category name, shared with the editor's counter. */
export const CATEGORY_NAME_MAX = 60;
