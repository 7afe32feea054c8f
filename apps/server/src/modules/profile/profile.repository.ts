/* The user's own profile: a write of the users module, the owner of the table. */
export { updateOwnProfile as updateProfile } from '../users/users.writes.ts';
