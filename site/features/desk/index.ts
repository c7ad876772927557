// What other areas may take from the desk area (eslint.config.js, "areas"): the firm's admins,
// assignment, internal notes and saved replies (docs/product.md §25).
export { deskKeys, useActiveStaff, useSavedReplies } from './api.ts';
export { rememberAssigneeFilter, rememberedAssigneeFilter } from './assignee-filter.ts';
export { AssigneeSelect } from './components/AssigneeSelect.tsx';
export { NotesThread } from './components/NotesThread.tsx';
export { SavedRepliesSection } from './components/SavedRepliesSection.tsx';
export { StaffPanel } from './components/StaffPanel.tsx';
