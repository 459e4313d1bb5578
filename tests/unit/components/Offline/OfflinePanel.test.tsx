/** The offline-reading panel in the locale on screen: its words, its numbers and its units. */
import { afterEach, describe, expect, it } from 'vitest';
import { OfflinePanel } from '../../../../src/components/Offline/OfflinePanel';
import { offline } from '../../../../src/data/persistOffline';
import { FRENCH, renderText } from '../../renderInLocale';

const initial = offline.get();
afterEach(() => offline.set(initial));

describe('OfflinePanel', () => {
  it('says the site is available offline, and the space it takes, in French', async () => {
    offline.set({ enabled: true, phase: 'ready', worker: 'ready', usage: 2.5 * 1024 * 1024 });
    expect(await renderText('/fr/docs/intro', <OfflinePanel />)).toBe(
      `[aria-label=${FRENCH['shell.offline.ariaLabel']}]${FRENCH['shell.offline.ready']}Occupe 2,5 Mo sur cet appareil.${FRENCH['shell.offline.turnOff']}`,
    );
  });

  it('asks before a large save with the count in French numbers and plural', async () => {
    offline.set({ enabled: true, phase: 'confirm', worker: 'ready', estimate: { pages: 1234, bytes: 300 * 1024 } });
    const text = await renderText('/fr/docs/intro', <OfflinePanel />);
    expect(text).toContain('occupe environ 300 Ko sur cet appareil (1\u202f234 pages).');
    expect(text).toContain('Enregistrer 1\u202f234 pages');
  });

  it('keeps the English texts on an English page', async () => {
    offline.set({ enabled: true, phase: 'saving', worker: 'ready', done: 12, total: 33 });
    expect(await renderText('/docs/intro', <OfflinePanel />)).toBe(
      '[aria-label=Offline reading]Saving 12 of 33 pages for offline reading[aria-label=Offline saving progress]',
    );
  });
});
