// What other areas may take from the company area (eslint.config.js, "areas").
export { TeamSection } from './components/TeamSection.tsx';
export { FollowToggle } from './components/FollowToggle.tsx';
export { inviteFromLocation, lookupInvite } from './invite-link.ts';
export { companyKeys } from './api.ts';
