let load: Promise<typeof import('./admin-layout.tsx')> | undefined;

/** The back-office layout's chunk, imported once: by its route, or earlier beside the route table. */
export function loadAdminLayout() {
  load ??= import('./admin-layout.tsx').catch((error: unknown) => {
    load = undefined;
    throw error;
  });
  return load;
}
