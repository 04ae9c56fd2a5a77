import { describe, expect, it } from 'vitest';
import { analyseJob } from './analyse';
import { deliverablesOf } from './deliverable';
import { makeJob } from './job-fixture';
import { compileProfile, type MatchProfile } from './profile';
import { scoreAnalysedJob } from './score';

const post = (title: string, description: string) => analyseJob(makeJob({ id: title, title, description, skills: ['SQL', 'Python'] }));
const side = (title: string, description: string) => deliverablesOf(post(title, description)).map((d) => d.skill);

const dataEngineer: MatchProfile = {
  title: 'Data engineer: pipelines, dbt, Airflow, Snowflake and BigQuery',
  skills: ['data engineering', 'ETL', 'dbt', 'Airflow', 'Snowflake', 'BigQuery', 'SQL', 'Python', 'data pipelines'],
};
const analyst: MatchProfile = {
  title: 'Data analyst: SQL, Python and dashboards',
  skills: ['data analysis', 'SQL', 'Python', 'dashboards', 'Tableau'],
};

const analysisPost = post(
  'SQL and Python analyst for marketplace metrics',
  'Answer product questions with SQL and Python: GMV, cohort retention and a weekly report for the leadership.',
);
const pipelinePost = post(
  'Python and SQL: ETL from our APIs into BigQuery',
  'Build pipelines that ingest our Stripe and HubSpot data into BigQuery every hour, with Airflow DAGs.',
);

describe('the deliverable where neighbouring trades share their tools (data engineer and data analyst)', () => {
  it('reads the side a post plainly stands on, in several languages', () => {
    expect(side('SQL analyst', 'Ad-hoc analysis, KPIs and a dashboard for our sales team.')).toEqual(['data-analysis']);
    expect(side('Python + SQL', 'Build ELT pipelines that load Postgres into Snowflake.')).toEqual(['data-engineering']);
    expect(side('Analista SQL', 'Análisis de ventas e informes mensuales para la dirección.')).toEqual(['data-analysis']);
    expect(side('Аналитик SQL', 'Нужна аналитика продаж и ежемесячный отчёт.')).toEqual(['data-analysis']);
  });

  it('a post with words of both sides, or too few, stands on neither', () => {
    expect(side('Data pipeline and dashboards', 'Build the ETL and then the dashboards on top.')).toEqual([]);
    expect(side('SQL help', 'Fix a slow query in our app.')).toEqual([]);
  });

  it("an analysis post costs the data engineer its main-skill points, and a pipeline post the analyst's; each keeps its own", () => {
    const engineer = compileProfile(dataEngineer);
    const analystProfile = compileProfile(analyst);
    const missing = (job: typeof analysisPost, profile: typeof engineer) =>
      scoreAnalysedJob(job, profile).factors.find((f) => f.code === 'mainMissing');
    expect(missing(analysisPost, engineer)).toMatchObject({ skill: 'Data Analysis', word: 'analyst' });
    expect(missing(pipelinePost, analystProfile)).toMatchObject({ skill: 'Data Engineering' });
    expect(missing(pipelinePost, engineer)).toBeUndefined();
    expect(missing(analysisPost, analystProfile)).toBeUndefined();
    expect(scoreAnalysedJob(pipelinePost, engineer).score).toBeGreaterThan(scoreAnalysedJob(analysisPost, engineer).score + 15);
  });
});

describe('the deliverable where a CNC programmer and a mechanical designer share their CAD tools', () => {
  const cnc: MatchProfile = {
    title: 'CNC programmer and CAM specialist: Fusion 360, Mastercam, post processors',
    skills: ['CNC programming', 'Fusion 360', 'Mastercam', 'G-code', 'SolidWorks', 'GD&T'],
  };
  const designer: MatchProfile = {
    title: 'Mechanical design engineer: SolidWorks, DFM and sheet metal design',
    skills: ['SolidWorks', 'mechanical engineering', 'DFM', 'sheet metal design', 'GD&T'],
  };
  const camPost = analyseJob(
    makeJob({
      id: 'cam',
      title: 'Fusion 360 CAM for six aluminium parts',
      description: 'Toolpaths and NC programs for our Haas VF-2, with setup sheets. Models in SolidWorks are ready.',
      skills: ['SolidWorks', 'Fusion 360'],
    }),
  );
  const designPost = analyseJob(
    makeJob({
      id: 'design',
      title: 'Mechanical engineer: sheet metal enclosure in SolidWorks',
      description: 'Design the sheet metal enclosure for our controller and its mounting brackets, with drawings and GD&T.',
      skills: ['SolidWorks', 'Sheet Metal'],
    }),
  );

  it('reads each side, in English and in other languages', () => {
    expect(deliverablesOf(camPost).map((d) => d.skill)).toEqual(['cnc']);
    expect(deliverablesOf(designPost).map((d) => d.skill)).toEqual(['mechanical-engineering']);
    expect(side('CNC-Programmierer gesucht', 'CNC-Programmierung der Drehteile, Werkzeugwege und Rüstblätter; G-Code für Fanuc.')).toEqual([
      'cnc',
    ]);
  });

  it('a design post costs the CNC programmer its main-skill points though it shares SolidWorks and GD&T; the designer keeps it', () => {
    const missing = (job: typeof camPost, profile: MatchProfile) =>
      scoreAnalysedJob(job, compileProfile(profile)).factors.find((f) => f.code === 'mainMissing');
    expect(missing(designPost, cnc)).toMatchObject({ skill: 'Mechanical Engineering' });
    expect(missing(designPost, designer)).toBeUndefined();
    expect(missing(camPost, cnc)).toBeUndefined();
    expect(scoreAnalysedJob(camPost, compileProfile(cnc)).score).toBeGreaterThan(
      scoreAnalysedJob(designPost, compileProfile(cnc)).score + 10,
    );
  });
});
