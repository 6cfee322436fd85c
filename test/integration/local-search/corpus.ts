import { activeIndex, ok, textDoc } from './support.js';

/** The custom fields of the test corpus. */
const FIELDS = [
  { Name: 'department', Type: 'STRING_VALUE', Search: { Facetable: true, Searchable: false, Displayable: true, Sortable: true } },
  { Name: 'topics', Type: 'STRING_LIST_VALUE', Search: { Facetable: true, Searchable: false, Displayable: true } },
  { Name: 'pages', Type: 'LONG_VALUE', Search: { Facetable: true, Sortable: true, Displayable: true } },
  { Name: 'published', Type: 'DATE_VALUE', Search: { Sortable: true, Displayable: true } },
  { Name: 'summary', Type: 'STRING_VALUE', Search: { Searchable: true, Displayable: true } },
];

/** A small corpus with known content: astronomy notes with attributes. */
export const CORPUS = [
  textDoc(
    'eclipse-guide',
    'Solar eclipse guide',
    'How to watch a solar eclipse safely. A total solar eclipse happens when the moon covers the sun. Never look at a solar eclipse without eclipse glasses.',
    {
      department: 'science',
      topics: ['sun', 'moon', 'safety'],
      pages: 12,
      published: new Date('2024-04-08T00:00:00Z'),
    },
  ),
  textDoc('lunar-eclipse', 'Lunar eclipse', 'A lunar eclipse happens when the earth shadow falls on the moon. Unlike a solar event, it is safe to watch.', {
    department: 'science',
    topics: ['moon'],
    pages: 5,
    published: new Date('2023-10-28T00:00:00Z'),
  }),
  textDoc('solar-panels', 'Panels on the roof', 'Solar panels turn sunlight into electricity for the house.', {
    department: 'engineering',
    topics: ['sun', 'energy'],
    pages: 30,
    published: new Date('2022-06-01T00:00:00Z'),
  }),
  textDoc('telescope', 'Choosing a telescope', 'A telescope with a large aperture shows faint galaxies. Mount the telescope on a steady tripod.', {
    department: 'equipment',
    topics: ['optics'],
    pages: 8,
  }),
  textDoc('mars', 'Mars rovers', 'Rovers drive across the red planet and study its rocks and ancient water.', {
    department: 'science',
    topics: ['planets'],
    pages: 20,
    published: new Date('2021-02-18T00:00:00Z'),
    summary: 'perseverance curiosity',
  }),
  textDoc('comets', 'Comets', 'Comets are icy bodies; their tails point away from the sun.', {
    department: 'science',
    topics: ['sun', 'comets'],
    published: new Date('2020-07-03T00:00:00Z'),
  }),
];

/** Creates an ACTIVE index with the corpus fields and documents; returns its id. */
export async function corpusIndex(endpoint: string): Promise<string> {
  const id = await activeIndex(endpoint);
  await ok(endpoint, 'UpdateIndex', { Id: id, DocumentMetadataConfigurationUpdates: FIELDS });
  for (;;) {
    const answer = await ok(endpoint, 'DescribeIndex', { Id: id });
    if (answer.Status === 'ACTIVE') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const put = await ok(endpoint, 'BatchPutDocument', { IndexId: id, Documents: CORPUS });
  if (put.FailedDocuments.length > 0) throw new Error(JSON.stringify(put.FailedDocuments));
  return id;
}
