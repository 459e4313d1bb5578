/** The notice shown while the browser is offline, in the locale on screen. */
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineNotice } from '../../../../src/components/Offline/OfflineNotice';
import { offline } from '../../../../src/data/persistOffline';
import { FRENCH, renderText } from '../../renderInLocale';

const initial = offline.get();
afterEach(() => offline.set(initial));

describe('OfflineNotice', () => {
  it('says the page is a saved copy, in French on a French page', async () => {
    offline.set({ online: false });
    expect(await renderText('/fr/docs/intro', <OfflineNotice />)).toBe(FRENCH['shell.offlineNotice.savedCopy']);
    expect(await renderText('/docs/intro', <OfflineNotice />)).toBe('You are offline. This page is a saved copy.');
  });
});
