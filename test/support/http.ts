/** A parsed JSON body, typed loosely: tests assert on its shape. */
export function json(res: Response): Promise<any> {
  return res.json();
}
