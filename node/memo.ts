/** The value `map` holds for `key`, made and kept first when it holds none: the build's memos, one way. */
export function remembered<K extends object | string, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}
