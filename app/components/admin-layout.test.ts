import { describe, expect, it } from "vitest";
import { isCurrentSection, SIDEBAR } from "./admin-layout";

const links = SIDEBAR.flatMap((group) =>
  group.to ? [{ to: group.to, label: group.label }] : (group.links ?? []),
);
/** The labels of the sidebar links that are the current section of `pathname`. */
const currentAt = (pathname: string) =>
  links.filter((link) => isCurrentSection(link, pathname, links)).map((link) => link.label);

describe("the sidebar's current section", () => {
  it.each([
    ["/dashboard", ["Dashboard"]],
    ["/dashboard/admin/skills", ["All Skills"]],
    ["/dashboard/admin/skills/add", ["Add Skill"]],
    ["/dashboard/admin/skills/12/delete", ["All Skills"]],
    ["/dashboard/admin/portfolio-view/3", ["All Projects"]],
    ["/dashboard/admin/portfolio-edit/3", ["All Projects"]],
    ["/dashboard/admin/projects/add", ["Add Project"]],
    ["/dashboard/admin/education-edit/7", ["All Education"]],
    ["/dashboard/admin/service-edit/2", ["All Services"]],
    ["/dashboard/admin/messages/5", ["Messages"]],
    ["/dashboard/admin/messages/5/delete", ["Messages"]],
    ["/dashboard/admin/security/two-factor", ["Security"]],
    ["/dashboard/admin/profile/", ["Profile"]],
  ])("%s → %j", (pathname, expected) => {
    expect(currentAt(pathname)).toEqual(expected);
  });

  it("does not take a path that only starts with the same letters", () => {
    expect(currentAt("/dashboard/admin/skillset")).toEqual([]);
    expect(currentAt("/dashboard/admin/messages-old")).toEqual([]);
  });
});
