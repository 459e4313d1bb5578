/** The update notices in the locale on screen. */
import { afterEach, describe, expect, it } from 'vitest';
import { UpdateNotices } from '../../../../src/components/Updates/UpdateNotices';
import { updates } from '../../../../src/data/updatesStore';
import { FRENCH, renderText } from '../../renderInLocale';

const initial = updates.get();
afterEach(() => updates.set(initial));

describe('UpdateNotices', () => {
  it('offers a new shell and a page update in French', async () => {
    updates.set({ shell: () => {}, content: { contentHash: 'abc' } as never });
    expect(await renderText('/fr/docs/intro', <UpdateNotices />)).toBe(
      [
        FRENCH['shell.updates.newVersion'],
        FRENCH['shell.common.reload'],
        FRENCH['shell.updates.pageUpdated'],
        FRENCH['shell.updates.showUpdate'],
        `[aria-label=${FRENCH['shell.updates.dismissAriaLabel']}]×`,
      ].join(''),
    );
  });

  it('keeps the English texts on an English page', async () => {
    updates.set({ shell: () => {} });
    expect(await renderText('/docs/intro', <UpdateNotices />)).toBe('A new version is availableReload');
  });
});
