// A driver for TPR-4x4x4 (cs0x7f/TPR-4x4x4-Solver, built from a checkout the user fetched;
// nothing of it is in this repository): its tables read from (or, the first time, written to)
// the working directory as its own `solver` does, then each facelet string of the file
// args[0] (URFDLB, 96 letters, one a line) solved and timed. Prints each solution to args[1]
// and a summary line: the median and mean time a solve, the mean length (face turns, a wide
// turn one, whole-cube turns none) and the start-up time. Run by scripts/big_cubes_vs_tpr.sh.
import java.io.*;
import java.nio.file.*;
import java.util.*;

public class tpr_states {
    static void tables(String file, boolean three) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(file)))) {
            if (three) cs.threephase.Tools.initFrom(in); else cs.min2phase.Tools.initFrom(in);
        } catch (IOException e) {
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(file)))) {
                if (three) cs.threephase.Tools.saveTo(out); else cs.min2phase.Tools.saveTo(out);
            }
        }
    }

    public static void main(String[] args) throws IOException {
        long t0 = System.nanoTime();
        tables("twophase.data", false);
        tables("threephase.data", true);
        cs.threephase.Search search = new cs.threephase.Search();
        double startup = (System.nanoTime() - t0) / 1e9;
        List<String> states = Files.readAllLines(Paths.get(args[0]));
        List<Double> times = new ArrayList<>();
        long moves = 0;
        try (PrintWriter out = new PrintWriter(args[1])) {
            for (String s : states) {
                if (s.trim().isEmpty()) continue;
                long t = System.nanoTime();
                String sol = search.solution(s.trim());
                times.add((System.nanoTime() - t) / 1e6);
                for (String m : sol.trim().split("\\s+")) {
                    if (!m.isEmpty() && "xyz".indexOf(m.charAt(0)) < 0) moves++;
                }
                out.println(sol.trim());
            }
        }
        double mean = times.stream().mapToDouble(Double::doubleValue).sum() / times.size();
        Collections.sort(times);
        System.out.printf("TPR-4x4x4 4×4×4: %d states, %.1f moves on average (face turns), median %.2f ms, mean %.2f ms a solve; start-up %.2f s%n",
            times.size(), (double) moves / times.size(), times.get(times.size() / 2), mean, startup);
    }
}
