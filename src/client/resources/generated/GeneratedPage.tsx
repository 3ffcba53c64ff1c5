/**
 * A plain resource's whole screen (routes: `resource`). The frame knows the resource by its summary; its
 * fields and rules (the schemas, zod's rules among them) load as the page opens, so that no list of the
 * app waits for every resource's schema before its first row (issue 46).
 */
import { Suspense, use } from 'react';
import { Loading } from 'react-admin';
import type { ResourceSchema, ResourceSummary } from '../../../shared/resource';
import { ResourcePage } from './ResourcePage';

const loading = new Map<string, Promise<ResourceSchema>>();

/** The resource's schema, read once: the same promise on every render, as `use` needs. */
function schemaNamed(name: string): Promise<ResourceSchema> {
  let schema = loading.get(name);
  if (!schema) {
    schema = import('../../../../schemas').then(({ getResource }) => {
      const found = getResource(name);
      if (!found) throw new Error(`Recurso desconocido: ${name}`);
      return found;
    });
    // A failed load (the network down) is tried again at the next visit, not remembered.
    schema.catch(() => loading.delete(name));
    loading.set(name, schema);
  }
  return schema;
}

function LoadedPage({ name }: { name: string }) {
  return <ResourcePage schema={use(schemaNamed(name))} />;
}

export function GeneratedPage({ resource }: { resource: ResourceSummary }) {
  return (
    <Suspense fallback={<Loading />}>
      <LoadedPage name={resource.name} />
    </Suspense>
  );
}
