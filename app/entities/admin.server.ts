// The service of each dashboard entity (app/entities/admin.ts), for the screens that handle every
// entity the same way (reordering).
import { categoryService } from "./category.server";
import { educationService } from "./education.server";
import type { AdminEntity } from "./entity";
import type { EntityService } from "./entity.server";
import { experienceService } from "./experience.server";
import { projectService } from "./project.server";
import { serviceService } from "./service.server";
import { skillService } from "./skill.server";

const SERVICES_BY_NOUN: Record<string, EntityService<{ id: number }, never>> = {
  Skill: skillService,
  Category: categoryService,
  Service: serviceService,
  Project: projectService,
  Education: educationService,
  Experience: experienceService,
};

export const serviceOf = (entity: AdminEntity) => SERVICES_BY_NOUN[entity.noun];
