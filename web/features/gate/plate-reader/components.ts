/** Connected regions of a binary image (8-neighbours), for the plate locator. */

/** One byte a pixel, 1 where set. */
export type Mask = { data: Uint8Array; width: number; height: number };

/** A region: its pixels' indices (y × width + x) and its bounding box. */
export type Component = { pixels: number[]; left: number; top: number; width: number; height: number };

export function components({ data, width, height }: Mask): Component[] {
  const seen = new Uint8Array(data.length);
  const found: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (!data[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    const pixels: number[] = [];
    let [left, top, right, bottom] = [width, height, 0, 0];
    while (stack.length > 0) {
      const p = stack.pop()!;
      pixels.push(p);
      const [x, y] = [p % width, Math.floor(p / width)];
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (data[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
    }
    found.push({ pixels, left, top, width: right - left + 1, height: bottom - top + 1 });
  }
  return found;
}
