import { Link } from "@remix-run/react";
import { SITE_TEXTS } from "~/domain/texts/site";
import { useLocalHref, useTexts } from "~/utils/language";
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
  const t = useTexts(SITE_TEXTS);
  const local = useLocalHref();
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <Link to={local(item.to)} className={linkClassName}>
            {t(item.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
