import { z } from "zod";

/*
 * Input schemas of route modules that only their loader or action uses. They live in a .server
 * module rather than the route: the browser bundle drops the loader, but a zod schema at the top
 * of a route module stays, and with it all of zod (80 KB gzip) on that page.
 */

/**
 * `?page=` as the pager writes it: plain digits without a leading zero. Six digits at most, far
 * beyond any real last page and inside what the blog service accepts; a longer number, a sign,
 * a fraction or a word is not a page of this list.
 */
export const pageParam = z
  .string()
  .regex(/^[1-9]\d{0,5}$/)
  .transform(Number)
  .nullable();

/** The course like form: `redirectTo` is sent only by the form without JavaScript. */
export const likeForm = z.object({ redirectTo: z.string().optional() });
