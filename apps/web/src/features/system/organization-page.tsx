// The organisation tree lives in features/organizations; this path stays for existing imports.
export { default } from '../organizations/organization-page.tsx';
