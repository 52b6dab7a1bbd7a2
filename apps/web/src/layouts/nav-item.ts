/** A link of the site's navigation: a path without language prefix and its message key. */
export interface NavItem {
  path: string;
  labelKey: string;
}
