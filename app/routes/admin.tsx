import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { adminMeta } from "~/components/admin/meta";
import { SideMenu } from "~/components/admin/side-menu";
import { TopBar } from "~/components/admin/top-bar";
import { isMenuCollapsed } from "~/utils/admin-menu.server";
import { requireAdmin } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireAdmin(request, context);
  // A count that fails leaves the bell without a number (reported) rather than the frame broken.
  const newNotifications = context.services.notifications.count(user.id).then(
    (counts) => counts.total,
    (error: unknown) => {
      context.reportError(error);
      return null;
    },
  );
  return {
    user: { name: user.name, role: user.role },
    menuCollapsed: await isMenuCollapsed(request),
    newNotifications: await newNotifications,
  };
}

/**
 * The frame's loader runs again on every move to another admin page, not only after a form post:
 * the bell's number is what has come in since, and a client-side move must not leave it as it was
 * when the first page loaded.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

/**
 * The back office frame (outside the public site's header and footer): side menu, top bar, page.
 * Child loaders run in parallel with this one, so every admin route guards itself as well.
 */
export default function AdminLayout() {
  const { user, menuCollapsed, newNotifications } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-1 bg-sun-50">
      <SideMenu collapsed={menuCollapsed} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={user} newNotifications={newNotifications} />
        <main id="main" className="flex-1 px-4 py-6 md:px-8 md:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => adminMeta("Dashboard", "The school's back office.");
