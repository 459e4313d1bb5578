/**
 * Search records worker: writes a large site's DocSearch records on another core (`recordsPool.ts`) while the
 * build thread writes the site. Each page's sections come with the task, or are read here from the render
 * cache's segment that holds them.
 */
import { writeParts } from './output';
import { storedFieldReader, type StoredField } from './renderCache';
import { searchRecordsJson, type SearchPage, type Section } from './search';

/** A page of the task: its search fields, and its sections or where they lie on disk. */
type RecordsPage = Omit<SearchPage, 'text'> & { search: SearchPage['text']['search']; sections: Section[] | StoredField };

export interface RecordsTask {
  /** The file to write (the build moves it into place once the site is). */
  file: string;
  language: string;
  version: string;
  pages: RecordsPage[];
}

export default function writeRecords({ file, language, version, pages }: RecordsTask): void {
  const reader = storedFieldReader();
  try {
    const searchPages: SearchPage[] = pages.map(({ search, sections, ...page }) => ({
      ...page,
      text: {
        search,
        get sections() {
          return Array.isArray(sections) ? sections : (reader.read(sections) as Section[]);
        },
        get searchParts(): never {
          throw new Error('the records are made without the parts');
        },
      },
    }));
    // Each page's records are made once here: no session keeps them.
    writeParts(file, searchRecordsJson(searchPages, language, version, (_, make) => make()).json());
  } finally {
    reader.close();
  }
}
