/** A parsed JSON body; `T` is the shape the test reads (not checked at run time: the assertions do that). */
export function json<T = unknown>(res: Response): Promise<T> {
  return res.json() as Promise<T>;
}
