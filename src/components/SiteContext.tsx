import { createContext, useContext, type ReactNode } from 'react';
import type { Manifest } from '../../manifest';

const SiteContext = createContext<Manifest | null>(null);

/** Provides the loaded manifest to the layout. */
export function SiteProvider({ manifest, children }: { manifest: Manifest; children: ReactNode }) {
  return <SiteContext.Provider value={manifest}>{children}</SiteContext.Provider>;
}

/** The manifest of the running site. Throws outside `<SiteProvider>`. */
export function useSite(): Manifest {
  const manifest = useContext(SiteContext);
  if (!manifest) throw new Error('useSite is called outside <SiteProvider>.');
  return manifest;
}
