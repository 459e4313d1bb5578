/** The notice shown while the browser is offline, in the locale on screen. */
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineNotice, SavedCopyNotice } from '../../../../src/components/Offline/OfflineNotice';
import { offline } from '../../../../src/data/persistOffline';
import { FRENCH, renderText } from '../../renderInLocale';

const initial = offline.get();
afterEach(() => offline.set(initial));

describe('OfflineNotice', () => {
  it('says the page is a saved copy, in French on a French page', async () => {
    offline.set({ online: false });
    expect(await renderText('/fr/docs/intro', <SavedCopyNotice />)).toBe(FRENCH['shell.offlineNotice.savedCopy']);
    expect(await renderText('/docs/intro', <SavedCopyNotice />)).toBe('You are offline. This page is a saved copy.');
  });

  it('is not in the markup the build writes or hydration renders, which the build made online', async () => {
    offline.set({ online: false });
    expect(await renderText('/docs/intro', <OfflineNotice />)).toBe('');
  });
});
