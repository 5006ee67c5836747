import careerCompass from "./career-compass.svg";
import childLearningAtHome from "./child-learning-at-home.svg";
import globeOfFriends from "./globe-of-friends.svg";
import homeEarlyYears from "./home-early-years.svg";
import homeHero from "./home-hero.svg";
import homeMiddle from "./home-middle.svg";
import homePrimary from "./home-primary.svg";
import homeSafety from "./home-safety.svg";
import onlineClassroom from "./online-classroom.svg";
import teacherAtScreen from "./teacher-at-screen.svg";

/**
 * The large decorative drawings, kept as SVG files: the build gives each a hashed URL served
 * immutable, so a drawing is one cached request instead of markup in every page's HTML and again
 * in the route's JavaScript. Width and height are the drawing's viewBox (its aspect ratio).
 */
export type Picture = { src: string; width: number; height: number };

/** The home page's hero: a cut-away house where a child waves at a teacher on a laptop, under a smiling sun. */
export const HOME_HERO: Picture = { src: homeHero, width: 520, height: 440 };

/** The safety banner: a shield around a home, a parent and child hand in hand, a tablet of progress. */
export const HOME_SAFETY: Picture = { src: homeSafety, width: 400, height: 320 };

/** Program tiles: stacked play blocks and a ball; an open book and a pencil; a rocket among stars. */
export const HOME_EARLY_YEARS: Picture = { src: homeEarlyYears, width: 160, height: 120 };
export const HOME_PRIMARY: Picture = { src: homePrimary, width: 160, height: 120 };
export const HOME_MIDDLE: Picture = { src: homeMiddle, width: 160, height: 120 };

/** A student at the centre of many career paths: rocket, medicine, code, art, science, nature. */
export const CAREER_COMPASS: Picture = { src: careerCompass, width: 400, height: 340 };

/** A small child at a desk inside a little house, waving at a teacher on a laptop screen. */
export const CHILD_LEARNING_AT_HOME: Picture = { src: childLearningAtHome, width: 400, height: 340 };

/** Children from around the world gathered round a globe: one school, many homes. */
export const GLOBE_OF_FRIENDS: Picture = { src: globeOfFriends, width: 400, height: 340 };

/** A laptop showing a live class: six smiling classmates from many backgrounds. */
export const ONLINE_CLASSROOM: Picture = { src: onlineClassroom, width: 400, height: 320 };

/** A teacher with a headset teaching a live class, a chalkboard of letters and numbers behind. */
export const TEACHER_AT_SCREEN: Picture = { src: teacherAtScreen, width: 400, height: 340 };
