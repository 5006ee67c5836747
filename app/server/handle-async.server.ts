import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * An async handler or middleware for Express 4, which ignores the promise a handler returns: a
 * rejection would go unhandled (the request left hanging, the process warned or stopped). Here it
 * goes to `next(error)`, to the error handlers, as a thrown error does.
 */
export function handleAsync(
  handler: (req: Request, res: Response, next: NextFunction) => Promise<void>,
): RequestHandler {
  return (req, res, next) => {
    handler(req, res, next).catch((error: unknown) => next(error));
  };
}
