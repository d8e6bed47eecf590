import java.io.File;
import java.io.IOException;
import java.io.Reader;
import org.apache.maven.model.io.xpp3.MavenXpp3Reader;
import org.apache.maven.settings.io.xpp3.SettingsXpp3Reader;
import org.codehaus.plexus.util.ReaderFactory;
import org.codehaus.plexus.util.xml.pull.XmlPullParserException;

/**
 * Reads each file named on the command line as Maven 3.8.7 reads a POM (DefaultModelBuilder:
 * strict, then lenient) or a settings file (DefaultSettingsBuilder), and prints one JSON line per
 * file: the verdict (ok, malformed: only the lenient read takes it, parse: no read takes it,
 * read: an I/O failure such as the end of input), the message and where the parser stood.
 * Usage: java -cp '/usr/share/maven/lib/*' XmlOracle.java pom|settings FILE...
 * or XmlOracle.java entities (the entity table, see packages/model/src/xpp3-entities.ts).
 */
public class XmlOracle {
  interface Read { void read(Reader r, boolean strict) throws IOException, XmlPullParserException; }

  public static void main(String[] args) throws Exception {
    if (args[0].equals("entities")) {
      printEntities();
      return;
    }
    Read reader = args[0].equals("pom")
        ? (r, s) -> new MavenXpp3Reader().read(r, s)
        : (r, s) -> new SettingsXpp3Reader().read(r, s);
    boolean settings = !args[0].equals("pom");
    for (int i = 1; i < args.length; i++) System.out.println(verdict(new File(args[i]), reader, settings));
  }

  /** The settings builder reports the lenient read's failure, the model builder the strict one's. */
  static String verdict(File file, Read reader, boolean settings) {
    try {
      try {
        read(file, reader, true);
        return json(file, "ok", null, 0, 0);
      } catch (XmlPullParserException strict) {
        try {
          read(file, reader, false);
          return json(file, "malformed", strict.getMessage(), strict.getLineNumber(), strict.getColumnNumber());
        } catch (XmlPullParserException lenient) {
          XmlPullParserException e = settings ? lenient : strict;
          return json(file, "parse", e.getMessage(), e.getLineNumber(), e.getColumnNumber());
        }
      }
    } catch (IOException e) {
      String msg = e.getMessage();
      if (msg == null || msg.isEmpty()) msg = e.getClass().getSimpleName();
      return json(file, "read", msg, 0, 0);
    } catch (RuntimeException e) {
      return json(file, "crash", e.toString(), 0, 0);
    }
  }

  static void read(File file, Read reader, boolean strict) throws IOException, XmlPullParserException {
    try (Reader r = ReaderFactory.newXmlReader(file)) {
      reader.read(r, strict);
    }
  }

  /** The entities the generated readers define (EntityReplacementMap.defaultEntityReplacementMap), as a JSON object. */
  static void printEntities() throws Exception {
    Object map = org.codehaus.plexus.util.xml.pull.EntityReplacementMap.defaultEntityReplacementMap;
    java.lang.reflect.Field names = map.getClass().getDeclaredField("entityName");
    java.lang.reflect.Field values = map.getClass().getDeclaredField("entityReplacement");
    java.lang.reflect.Field end = map.getClass().getDeclaredField("entityEnd");
    names.setAccessible(true);
    values.setAccessible(true);
    end.setAccessible(true);
    String[] n = (String[]) names.get(map);
    String[] v = (String[]) values.get(map);
    StringBuilder out = new StringBuilder("{");
    for (int i = 0; i < end.getInt(map); i++) out.append(i == 0 ? "" : ",").append(quote(n[i])).append(':').append(quote(v[i]));
    System.out.println(out.append('}'));
  }

  static String json(File file, String verdict, String message, int line, int column) {
    return "{\"file\":" + quote(file.getName()) + ",\"verdict\":\"" + verdict + "\""
        + (message == null ? "" : ",\"message\":" + quote(message) + ",\"line\":" + line + ",\"column\":" + column) + "}";
  }

  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
}
