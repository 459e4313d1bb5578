import { firstSearch } from './firstSearch';
const [dist, route, word] = [process.argv[2]!, process.argv[3]!, process.argv[4] ?? 'authentication'];
for (const profile of ['none', 'throttled'] as const) {
  const ours = await firstSearch(dist, route, word, profile);
  console.log('ours', profile, (ours.bytes / 1024).toFixed(1), 'KiB', ours.requests, 'req', Math.round(ours.afterTypingMs), 'ms after typing', Math.round(ours.fromOpenMs), 'from open');
  const kinds: Record<string, [number, number]> = {};
  for (const f of ours.files) { const k = /search\/([a-z]+)\./.exec(f.url)?.[1] ?? (f.url.includes('/assets/') ? 'js' : 'other'); kinds[k] = [(kinds[k]?.[0] ?? 0) + 1, (kinds[k]?.[1] ?? 0) + f.bytes]; }
  console.log('   ', JSON.stringify(kinds));
}
