/**
 * The last branch of a switch over a union's kinds (route targets, link targets, sidebar items): its argument has
 * type `never` only when every kind has its own branch, so a kind added to the union fails the compiler at every
 * switch that does not handle it, rather than falling through in silence.
 */
export function unreachable(value: never, what: string): never {
  throw new Error(`[docs] unhandled ${what}: ${JSON.stringify(value)}`);
}
