import { Link } from "@remix-run/react";
import type { NavItem } from "./nav-links";

/** A list of the site's links, one an item (the footer's quick links, the mobile menu's lists). */
export function LinkList({
  items,
  className,
  linkClassName,
}: {
  items: readonly NavItem[];
  className: string;
  linkClassName: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={linkClassName}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
