// Test oracle for help:effective-pom and help:active-profiles: real Maven's project builder
// (/usr/share/maven/lib, Maven 3.8.7) builds the reactor, and the text is composed as
// maven-help-plugin 3.4.0 composes it (its own XML writers: plexus-utils and JDOM2).
// Prints the message the plugin logs at INFO (without the "[INFO] " prefix).
//
// java -cp '/usr/share/maven/lib/*:/usr/share/java/jdom2.jar' HelpOracle.java \
//   effective-pom|active-profiles|evaluate=<expression> <pom.xml> <local repository> [-Dk=v] [-Pa,!b] [-S<settings profile id>]
import java.io.File;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.*;
import org.apache.maven.execution.ProjectDependencyGraph;
import org.apache.maven.model.Model;
import org.apache.maven.model.io.xpp3.MavenXpp3Writer;
import org.apache.maven.project.*;
import org.apache.maven.repository.internal.MavenRepositorySystemUtils;
import org.codehaus.plexus.*;
import org.codehaus.plexus.util.xml.PrettyPrintXMLWriter;
import org.codehaus.plexus.util.xml.XMLWriter;
import org.codehaus.plexus.util.xml.XmlWriterUtil;
import org.eclipse.aether.DefaultRepositorySystemSession;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.repository.LocalRepository;
import org.jdom2.Document;
import org.jdom2.input.SAXBuilder;
import org.jdom2.output.Format;
import org.jdom2.output.XMLOutputter;

public class HelpOracle {
  public static void main(String[] args) throws Exception {
    String mode = args[0];
    File pom = new File(args[1]).getAbsoluteFile();
    Properties user = new Properties();
    List<String> active = new ArrayList<>(), inactive = new ArrayList<>();
    List<org.apache.maven.model.Profile> external = new ArrayList<>();
    for (int i = 3; i < args.length; i++) {
      String a = args[i];
      if (a.startsWith("-D")) { int eq = a.indexOf('='); if (eq < 0) user.setProperty(a.substring(2), "true"); else user.setProperty(a.substring(2, eq), a.substring(eq + 1)); }
      else if (a.startsWith("-S")) { // a settings profile with this id, active (settings' activeProfiles)
        org.apache.maven.model.Profile p = new org.apache.maven.model.Profile();
        p.setId(a.substring(2));
        p.setSource("settings.xml");
        external.add(p);
        active.add(a.substring(2));
      }
      else if (a.startsWith("-P")) for (String p : a.substring(2).split(",")) { if (p.startsWith("!")) inactive.add(p.substring(1)); else active.add(p); }
    }
    ContainerConfiguration cc = new DefaultContainerConfiguration().setClassPathScanning(PlexusConstants.SCANNING_INDEX).setAutoWiring(true).setName("maven");
    DefaultPlexusContainer container = new DefaultPlexusContainer(cc);
    ProjectBuilder builder = container.lookup(ProjectBuilder.class);
    RepositorySystem system = container.lookup(RepositorySystem.class);
    DefaultRepositorySystemSession session = MavenRepositorySystemUtils.newSession();
    session.setLocalRepositoryManager(system.newLocalRepositoryManager(session, new LocalRepository(args[2])));
    session.setOffline(true);
    Properties sys = new Properties();
    sys.putAll(System.getProperties());
    for (Map.Entry<String, String> e : System.getenv().entrySet()) sys.setProperty("env." + e.getKey(), e.getValue());
    session.setSystemProperties(sys);
    session.setUserProperties(user);
    DefaultProjectBuildingRequest request = new DefaultProjectBuildingRequest();
    request.setRepositorySession(session);
    request.setSystemProperties(sys);
    request.setUserProperties(user);
    request.setActiveProfileIds(active);
    request.setInactiveProfileIds(inactive);
    request.setProfiles(external);
    request.setProcessPlugins(true);
    request.setResolveDependencies(false);
    request.setBuildStartTime(new Date());
    List<MavenProject> projects = new ArrayList<>();
    for (ProjectBuildingResult r : builder.build(Collections.singletonList(pom), true, request)) projects.add(r.getProject());
    projects = new ProjectSorter(projects).getSortedProjects();
    String LS = System.lineSeparator();
    if (mode.startsWith("evaluate=")) {
      // What help:evaluate -q -DforceStdout prints: the plugin's response for ${expression}.
      org.apache.maven.execution.DefaultMavenExecutionRequest er = new org.apache.maven.execution.DefaultMavenExecutionRequest();
      er.setSystemProperties(sys);
      er.setUserProperties(user);
      er.setBaseDirectory(pom.getParentFile());
      er.setLocalRepositoryPath(new File(args[2]));
      org.apache.maven.execution.MavenSession ms = new org.apache.maven.execution.MavenSession(container, session, er, new org.apache.maven.execution.DefaultMavenExecutionResult());
      ms.setProjects(projects);
      ms.setCurrentProject(projects.get(0));
      org.apache.maven.plugin.descriptor.PluginDescriptor pd = new org.apache.maven.plugin.descriptor.PluginDescriptor();
      pd.setGroupId("org.apache.maven.plugins"); pd.setArtifactId("maven-help-plugin"); pd.setVersion("3.4.0"); pd.setGoalPrefix("help");
      org.apache.maven.plugin.descriptor.MojoDescriptor md = new org.apache.maven.plugin.descriptor.MojoDescriptor();
      md.setGoal("evaluate"); md.setPluginDescriptor(pd);
      String expr = "${" + mode.substring("evaluate=".length()) + "}";
      Object obj = new org.apache.maven.plugin.PluginParameterExpressionEvaluator(ms, new org.apache.maven.plugin.MojoExecution(md)).evaluate(expr);
      if (obj != null && expr.equals(obj.toString())) System.out.print("[WARNING] The Maven expression was invalid. Please use a valid expression.");
      else if (obj == null) System.out.print("null object or invalid expression");
      else if (obj instanceof File) System.out.print(((File) obj).getAbsolutePath());
      else System.out.print(obj);
      return;
    }
    if (mode.equals("active-profiles")) {
      StringBuilder message = new StringBuilder();
      for (MavenProject p : projects) {
        Map<String, List<String>> ids = p.getInjectedProfileIds();
        message.append(LS).append("Active Profiles for Project '").append(p.getId()).append("':").append(LS).append(LS);
        if (ids.isEmpty()) message.append("There are no active profiles.");
        else {
          message.append("The following profiles are active:").append(LS);
          for (Map.Entry<String, List<String>> e : ids.entrySet())
            for (String id : e.getValue()) message.append(LS).append(" - ").append(id).append(" (source: ").append(e.getKey()).append(")");
        }
        message.append(LS).append(LS).append(LS);
      }
      System.out.print(message);
      return;
    }
    StringWriter w = new StringWriter();
    XMLWriter writer = new PrettyPrintXMLWriter(w, "  ", "UTF-8", null);
    XmlWriterUtil.writeCommentLineBreak(writer);
    XmlWriterUtil.writeComment(writer, " ");
    XmlWriterUtil.writeComment(writer, "Generated by Maven Help Plugin");
    XmlWriterUtil.writeComment(writer, "See: https://maven.apache.org/plugins/maven-help-plugin/");
    XmlWriterUtil.writeComment(writer, " ");
    XmlWriterUtil.writeCommentLineBreak(writer);
    verbose = mode.equals("effective-pom-verbose");
    if (projects.size() > 1) {
      writer.startElement("projects");
      for (MavenProject p : projects) write(p, writer);
      writer.endElement();
    } else write(projects.get(0), writer);
    String effective = pretty(w.toString(), "UTF-8", false);
    if (verbose) effective = effective.replaceAll("(?m)>\\s+<!--}", ">  <!-- ");
    System.out.print(LS + "Effective POMs, after inheritance, interpolation, and profiles are applied:" + LS + LS + effective + LS);
  }

  static boolean verbose;

  static void write(MavenProject project, XMLWriter writer) throws Exception {
    Model pom = project.getModel();
    Properties sorted = new Properties() {
      @Override public Set<Object> keySet() { List<Object> l = new ArrayList<>(super.keySet()); l.sort(null); return new LinkedHashSet<>(l); }
    };
    sorted.putAll(pom.getProperties());
    pom.setProperties(sorted);
    StringWriter s = new StringWriter();
    if (verbose) {
      org.apache.maven.model.io.xpp3.MavenXpp3WriterEx writerEx = new org.apache.maven.model.io.xpp3.MavenXpp3WriterEx();
      writerEx.setStringFormatter(new org.apache.maven.model.InputLocation.StringFormatter() {
        @Override public String toString(org.apache.maven.model.InputLocation location) {
          org.apache.maven.model.InputSource source = location.getSource();
          String id = source.getModelId();
          if (id == null || id.trim().isEmpty() || id.contains("[unknown-version]")) id = source.toString();
          return '}' + id + (location.getLineNumber() >= 0 ? ", line " + location.getLineNumber() : "") + ' ';
        }
      });
      writerEx.write(s, pom);
    } else new MavenXpp3Writer().write(s, pom);
    XmlWriterUtil.writeCommentLineBreak(writer);
    XmlWriterUtil.writeComment(writer, " ");
    XmlWriterUtil.writeComment(writer, "Effective POM for project '" + project.getId() + "'");
    XmlWriterUtil.writeComment(writer, " ");
    XmlWriterUtil.writeCommentLineBreak(writer);
    writer.writeMarkup(pretty(s.toString(), null, true));
  }

  static String pretty(String xml, String encoding, boolean omitDeclaration) throws Exception {
    Document d = new SAXBuilder().build(new StringReader(xml));
    StringWriter w = new StringWriter();
    Format f = Format.getPrettyFormat();
    if (encoding != null) f.setEncoding(encoding);
    f.setLineSeparator(System.lineSeparator());
    f.setOmitDeclaration(omitDeclaration);
    new XMLOutputter(f).output(d, w);
    return w.toString();
  }
}
