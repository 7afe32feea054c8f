import type { ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { DIALOG_ROUTES, dialogTarget, type DialogRoute } from '../../lib/dialog-links.ts';

function forwarder(route: DialogRoute): ComponentType {
  return function DialogRoutePage() {
    const { search } = useLocation();
    return <Navigate to={dialogTarget(route, search)} replace />;
  };
}

/** One page per dialog route: it forwards to the page that holds the dialog, asking it to open. */
export const DIALOG_PAGES: Record<string, ComponentType> = Object.fromEntries(
  DIALOG_ROUTES.map((route) => [route.name, forwarder(route)]),
);
