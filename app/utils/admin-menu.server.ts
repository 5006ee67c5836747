import { createCookie } from "@remix-run/node";

/**
 * Whether the admin side menu is collapsed: a display preference (nothing secret, so unsigned),
 * kept in a cookie so it holds without JavaScript and across reloads. Only /admin pages read it,
 * but its path is "/": client navigation to the dashboard loads "/admin.data", outside "/admin".
 */
const menuCookie = createCookie("admin-menu", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: process.env.NODE_ENV === "production",
  maxAge: 365 * 24 * 60 * 60,
});

export async function isMenuCollapsed(request: Request): Promise<boolean> {
  const value: unknown = await menuCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return value === "collapsed";
}

/** Set-Cookie value that remembers the menu's state. */
export function rememberMenu(collapsed: boolean): Promise<string> {
  return menuCookie.serialize(collapsed ? "collapsed" : "open");
}
