// Which service serves each entity path of the REST table, and the few ways a path differs from
// the plain rules (app/rest/handlers.server.ts): projects show drafts to the owner and accept the
// old client's `liveUrl` and values (projectStoredSchema); a category in use is not deleted; the
// image fields are answered as absolute URLs.
import { CATEGORY_REST, categoryInUseText } from "~/entities/category";
import { categoryService } from "~/entities/category.server";
import { EDUCATION_REST } from "~/entities/education";
import { educationService } from "~/entities/education.server";
import type { EntityService } from "~/entities/entity.server";
import { EXPERIENCE_REST } from "~/entities/experience";
import { experienceService } from "~/entities/experience.server";
import { PROFILE_REST } from "~/entities/profile";
import { profileService } from "~/entities/profile.server";
import { PROJECT_REST } from "~/entities/project";
import { projectService } from "~/entities/project.server";
import { SERVICE_REST } from "~/entities/service";
import { serviceService } from "~/entities/service.server";
import { SKILL_REST } from "~/entities/skill";
import { skillService } from "~/entities/skill.server";
import type { Body } from "~/utils/api.server";
import { projectAnswer, withLiveViewAlias } from "~/utils/api-projects.server";

export type RestBinding = {
  // Each binding pairs a shape with its own entity's service: the rows and inputs differ.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  service: EntityService<any, any>;
  /** Reads depend on who asks (drafts): the owner check runs on GETs too. */
  ownerReads?: boolean;
  /** A record as the old client reads it (default: `_id` next to every field). */
  toJson?: (row: never) => unknown;
  /** Field aliases of the old client, applied to every body before it is merged or validated. */
  prepareBody?: (body: Body) => Body;
  /** Fields holding image references: absolute URLs in answers, /images/KEY once stored. */
  imageFields?: readonly string[];
  /** The 409 text when a delete is blocked by records that still use this one. */
  blockedText?: (count: number) => string;
};

export const REST_SERVICES: Record<string, RestBinding> = {
  [PROFILE_REST.path]: { service: profileService, imageFields: ["image"] },
  [SKILL_REST.path]: { service: skillService },
  [CATEGORY_REST.path]: { service: categoryService, blockedText: categoryInUseText },
  [SERVICE_REST.path]: { service: serviceService },
  [PROJECT_REST.path]: {
    service: projectService,
    ownerReads: true,
    toJson: projectAnswer,
    prepareBody: withLiveViewAlias,
    imageFields: ["thumbnail", "images", "ogImage"],
  },
  [EDUCATION_REST.path]: { service: educationService },
  [EXPERIENCE_REST.path]: { service: experienceService },
};
