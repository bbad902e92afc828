import type { CourseAttributes } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";
import { CourseMap } from "./course-map.tsx";
import { CourseProfile } from "./course-profile.tsx";

/**
 * An appointment's course: its figures and elevation profile, the map, and the organiser's GPX to
 * download. The appointment page loads it apart (React.lazy): the server renders it into the page,
 * and its code reaches the browser only after the page's first load.
 */
export default function CourseSection({ course }: { course: CourseAttributes }) {
  return (
    <section aria-labelledby="course-heading" className="course-section">
      <h2 id="course-heading">{m.course_heading()}</h2>
      <CourseProfile course={course} />
      <CourseMap course={course} />
      <p>
        <a href={course.gpxUrl} download className="course-download">
          {m.course_download()}
        </a>
      </p>
    </section>
  );
}
