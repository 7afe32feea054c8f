import { z } from 'zod';
import { REGIONS } from '../constants.ts';
import { whenMissing } from './when-missing.ts';

/** Organisation names: trimmed, 1–128 characters, unique among siblings (checked by the server). */
export const organizationName = z
  .string({ error: whenMissing('organizationNameRequired') })
  .trim()
  .min(1, 'organizationNameRequired')
  .max(128);

const organizationId = z.number().int().positive();

/** ISO 3166-1 alpha-2 of the organisation's region, or null: what its meetings' area code starts at. */
export const organizationRegion = z.enum(REGIONS, { error: 'regionInvalid' }).nullable();

export const createOrganizationBody = z.strictObject({
  name: organizationName,
  /** Omitted or null: a top-level organisation (only for users who see every organisation). */
  parent_id: organizationId.nullable().optional(),
});
export type CreateOrganizationBody = z.infer<typeof createOrganizationBody>;

/** A rename, and the region when given (omitted: unchanged; null: none). */
export const renameOrganizationBody = z.strictObject({
  name: organizationName,
  region: organizationRegion.optional(),
});
export type RenameOrganizationBody = z.infer<typeof renameOrganizationBody>;

export const moveOrganizationBody = z.strictObject({
  /** null: to the top level (only for users who see every organisation). */
  parent_id: organizationId.nullable(),
  /** Position among the new siblings, 0 first; omitted: last. */
  sort: z.number().int().min(0).max(100_000).optional(),
});
export type MoveOrganizationBody = z.infer<typeof moveOrganizationBody>;

export const organizationIdParams = z.object({ id: z.coerce.number().int().positive() });

export const organization = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  sort: z.number().int(),
  region: organizationRegion,
});
export type Organization = z.infer<typeof organization>;

export interface OrganizationNode extends Organization {
  children: OrganizationNode[];
}

/**
 * A node of the tree the user may see; a scoped user's own organisation is a root. The `id` names
 * it in the OpenAPI document, so the recursion is a reference to a schema that exists.
 */
export const organizationNode: z.ZodType<OrganizationNode> = organization
  .extend({
    get children() {
      return z.array(organizationNode);
    },
  })
  .meta({ id: 'OrganizationNode' });

export const organizationTree = z.array(organizationNode);
