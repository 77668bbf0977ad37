/** Route module: the screen is built in its feature folder. */
export function Component() {
  return <h1 className="p-6 text-2xl font-semibold">verify email</h1>;
}
