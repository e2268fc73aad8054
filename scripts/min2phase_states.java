// min2phase (cs0x7f/min2phase) timed on a file of states, one facelet string a line, as
// its own benchmark (test/test.java, `make testRnd`) times it: one Search, the JIT warmed
// up for a second on random cubes, then each state solved with
// solution(cube, maxLength, 10000000, 0, INVERSE_SOLUTION), wall time a solve.
//   java -cp DIST:CLASSES Min2phaseStates states N FILE   # Tools.randomCube, Random(42)
//   java -cp DIST:CLASSES Min2phaseStates solve FILE MAX
// Run by scripts/twophase_vs_min2phase.sh; a measurement, not a part of cubework.
import cs.min2phase.Search;
import cs.min2phase.Tools;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

class Min2phaseStates {
    public static void main(String[] args) throws Exception {
        Search.init();
        if (args.length == 3 && args[0].equals("states")) {
            int n = Integer.parseInt(args[1]);
            Tools.setRandomSource(new Random(42L));
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < n; i++) {
                out.append(Tools.randomCube()).append('\n');
            }
            Files.write(Paths.get(args[2]), out.toString().getBytes());
            return;
        }
        if (args.length != 3 || !args[0].equals("solve")) {
            System.err.println("usage: states N FILE | solve FILE MAX");
            System.exit(2);
        }
        List<String> cubes = new ArrayList<>();
        for (String line : Files.readAllLines(Paths.get(args[1]))) {
            if (!line.trim().isEmpty()) {
                cubes.add(line.trim());
            }
        }
        int maxLength = Integer.parseInt(args[2]);
        Search search = new Search();
        long tm = System.nanoTime();
        while (System.nanoTime() - tm < 1e9) {
            search.solution(Tools.randomCube(), 20, 50, 0, 0);
        }
        double[] ms = new double[cubes.size()];
        long length = 0;
        for (int i = 0; i < cubes.size(); i++) {
            String cube = cubes.get(i);
            long t0 = System.nanoTime();
            String s = search.solution(cube, maxLength, 10000000, 0, Search.INVERSE_SOLUTION);
            ms[i] = (System.nanoTime() - t0) / 1e6;
            if (s.startsWith("Error") || !Tools.fromScramble(s).equals(cube)) {
                System.err.println("min2phase: line " + (i + 1) + ": " + s);
                System.exit(1);
            }
            length += search.length();
        }
        double mean = Arrays.stream(ms).sum() / ms.length;
        Arrays.sort(ms);
        System.out.println(String.format(
            "min2phase max %d, 1 thread:  %d states, median %.3f ms, mean %.3f ms, max %.1f ms, mean length %.2f",
            maxLength, ms.length, ms[ms.length / 2], mean, ms[ms.length - 1], (double) length / ms.length));
    }
}
