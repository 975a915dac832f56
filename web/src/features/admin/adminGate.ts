/**
 * The gate of the administrators' pages (ADMIN-AREA): anyone but an administrator gets the 404
 * page, with no hint that the page exists. On the server the role comes from the refresh cookie
 * (the render request's `viewerRole`); in the browser, on navigation, from `viewer { role }` with the
 * session's bearer token. The API refuses every admin operation to others anyway (ACC-POLICY);
 * this gate only decides what is shown.
 */
import { fetchQuery, graphql } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { LoaderFunctionArgs } from 'react-router';
import { pageNotFound } from '../../routes/types';
import type { adminGateQuery } from './__generated__/adminGateQuery.graphql';

const AdminGateQuery = graphql`
  query adminGateQuery {
    viewer {
      id
      role
    }
  }
`;

/** The signed-in user's role in the browser (`ADMIN`, `USER`), or null when signed out or unreachable. */
export async function browserViewerRole(environment: Environment): Promise<string | null> {
  try {
    const data = await fetchQuery<adminGateQuery>(environment, AdminGateQuery, {}, { fetchPolicy: 'store-or-network' }).toPromise();
    return data?.viewer?.role ?? null;
  } catch {
    return null;
  }
}

/** Throws the 404 of `request` unless `role` is `ADMIN`. */
export function assertAdmin(role: string | null, args: LoaderFunctionArgs): void {
  if (role !== 'ADMIN') pageNotFound(args.request);
}
