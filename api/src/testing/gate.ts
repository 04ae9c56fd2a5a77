/** A promise and the function that settles it: a test holds a transaction (or any step) open at a chosen point with it. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
